/**
 * The machinery of `<auth-modal>`'s host-method tables (./host-methods.ts, ./wallet-host-methods.ts,
 * ./mfa-host-methods.ts): method name → the action it runs, loaded on first call (a dynamic import
 * keeps each action out of the tags entry until a host uses it), how the call's arguments map to
 * the action's parameters and what the method answers (e.g. the action's `.user`). The element
 * installs every entry on its prototype behind one refused-tag guard (`installHostMethods`) and
 * takes its method types from the tables (`HostMethods`).
 */
import type { User } from '../../src/api/user.ts'

/** How a method of a refused tag answers: a promise rejects, a void method does nothing, a synchronous one throws. */
export type Refusal = 'reject' | 'ignore' | 'throw'

export interface HostMethod<A extends unknown[] = any[], R = unknown> {
  run: (...args: A) => R
  refused: Refusal
}

/** The action is imported on the first call; the method resolves with what `call` answers. */
export function lazy<M, A extends unknown[], R>(load: () => Promise<M>, call: (action: M, ...args: A) => Promise<R>): HostMethod<A, Promise<R>> {
  return { run: async (...args) => call(await load(), ...args), refused: 'reject' }
}

/** Same, for methods that open a screen: they answer nothing, so there is nothing to wait for. */
export function start<M, A extends unknown[]>(load: () => Promise<M>, call: (action: M, ...args: A) => void): HostMethod<A, void> {
  return { run: (...args) => void load().then((action) => call(action, ...args)), refused: 'ignore' }
}

/** A statically imported action run in the same task as the call (small, or it must be synchronous). */
export function now<A extends unknown[], R>(run: (...args: A) => R, refused: Refusal): HostMethod<A, R> {
  return { run, refused }
}

export const user = ({ user }: { user: User }) => user

/** The method signatures the table gives an element (its `declare` members must match them). */
export type HostMethods<T extends Record<string, HostMethod>> = { [K in keyof T]: T[K]['run'] }

/**
 * Puts each method on `target.prototype`. A refused tag (`refusal(element)` answers the error) logs
 * one console error naming the method and then rejects, ignores or throws (`HostMethod.refused`);
 * nothing runs. Methods run with the element as `this`.
 */
export function installHostMethods<E extends HTMLElement>(
  target: { prototype: E },
  methods: Record<string, HostMethod>,
  refusal: (element: E) => Error | null,
): void {
  for (const [name, method] of Object.entries(methods)) {
    Object.defineProperty(target.prototype, name, {
      configurable: true,
      writable: true,
      value: function (this: E, ...args: unknown[]) {
        const error = refusal(this)
        if (!error) return method.run.apply(this, args)
        console.error(`[gatehouse] ${name}() ignored: this <${this.localName}> was refused (another app id owns the page).`)
        if (method.refused === 'reject') return Promise.reject(error)
        if (method.refused === 'throw') throw error
      },
    })
  }
}
