// The account feature's public face: erasing an account for good (the legacy scheduler erases a retired legacy's).
export { eraseAccount } from "./service";
