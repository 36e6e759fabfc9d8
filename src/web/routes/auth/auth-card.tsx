import type { ReactNode } from "react";
import { Brand } from "../../ui/brand";

/** The frame of the sign-in screens: the brand on top and one centred card holding the page's heading. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="px-6 py-4">
        <Brand />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-12">
        <section className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}
