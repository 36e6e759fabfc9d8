import { describe, expect, it } from "vitest";
import { createConcurrencyGate, GateFullError } from "./concurrency-gate";

describe("createConcurrencyGate", () => {
  it("runs at most maxRunning at once, queues up to maxWaiting, and refuses the rest at once", async () => {
    const gate = createConcurrencyGate(2, 1);
    let active = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const task = () =>
      gate.run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
        return "done";
      });
    const first = task();
    const second = task();
    const third = task();
    await expect(task()).rejects.toBeInstanceOf(GateFullError);
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    releases.shift()!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect([gate.running, gate.waiting]).toEqual([2, 0]);
    while (releases.length > 0) releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    releases.shift()?.();
    await expect(Promise.all([second, third])).resolves.toEqual(["done", "done"]);
    expect(peak).toBe(2);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it("frees the slot when the work fails", async () => {
    const gate = createConcurrencyGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.run(async () => "next")).resolves.toBe("next");
  });
});
