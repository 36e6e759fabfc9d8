import { prepareAuthLogin } from "./app-login";
import { AUTH_ROLE, openDatabase, type DatabaseHandle } from "./client";

/**
 * The sign-in pool (decision 0024): logged in as this database's second login, acting as mindprint_auth, the only role
 * that may read sessions, accounts, verification tokens, addresses, the waitlist and the dev mailbox. Better Auth, the
 * session check, the access policy, the waitlist, the mailbox and account deletion use it; features use the app's pool,
 * whose role cannot reach those tables, so an injection in feature code cannot list them. Small: sign-in is cached.
 */
export async function openAuthDatabase(ownerUrl: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  return openDatabase(await prepareAuthLogin(ownerUrl), { max: options.max ?? 4, role: AUTH_ROLE });
}
