/**
 * The host-method machinery of the three tags (`<auth-modal>`: ./auth-modal/host-methods.ts,
 * wallet-host-methods.ts, mfa-host-methods.ts; `<sign-prompt>`: ./sign-prompt/sign-prompt-methods.ts;
 * `<fund-button>`: ./fund-button/fund-button-methods.ts). Each file declares the tag's methods as an
 * interface (the public contract: custom-elements-manifest.config.mjs reads its JSDoc and
 * signatures) and a `table` of rows. Most rows are only the loader of the action's module: the
 * action is imported on the first call (a dynamic import keeps it out of the tags entry until a host
 * uses it) and gets the call's arguments unchanged. The other rows (`lazy`, `start`, `now`) say how
 * the tag's documented signature differs from the action's (README: `sendEmailCode(email)` against
 * the action's `{ email }`, methods answering the user where the action answers `{ user, … }`), or
 * why the action is static. The element installs every row on its prototype (`installHostMethods`,
 * a refused tag's guard applied once); a table the landing does not call loads with its first call
 * (`deferred`), so the landing holds only its method names.
 */
import type { User } from '../src/api/user.ts'

/** How a method of a refused tag answers: a promise rejects, a void method does nothing, a synchronous one throws. */
export type Refusal = 'reject' | 'ignore' | 'throw'

export interface HostMethod<A extends unknown[] = any[], R = unknown> {
  /** Runs with the element as `this`. */
  run: (...args: A) => R
  refused: Refusal
}

type AnyFunction = (...args: any[]) => any

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

/**
 * A table loaded with the first call of any of its methods: `names` gives each method's refusal
 * (a synchronous method cannot wait for a load, so `'throw'` is not accepted here). The method
 * runs the table's row with the same `this` and arguments.
 */
export function deferred<T extends Record<string, HostMethod>>(
  load: () => Promise<T>,
  names: { [K in keyof T]: Exclude<Refusal, 'throw'> },
): Record<keyof T, HostMethod> {
  const rows = {} as Record<keyof T, HostMethod>
  for (const [name, refused] of Object.entries(names) as [keyof T, Exclude<Refusal, 'throw'>][]) {
    rows[name] = {
      refused,
      run(this: unknown, ...args: unknown[]) {
        const answer = load().then((table) => table[name].run.apply(this, args))
        return refused === 'ignore' ? void answer : answer
      },
    }
  }
  return rows
}

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
  refusal: (element: E) => Error | null = () => null,
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

/** What a `forward` row's action must be: callable with the tag method's arguments, answering its result (or what the promise holds). */
type Accepting<F> = F extends (...args: infer A) => infer R ? (...args: A) => R | Awaited<R> : never

/**
 * One row of a table typed by the tag's documented methods `I`: either the loader of the action
 * module whose export of the same name takes the call unchanged (`forward`), or a `HostMethod`
 * built with `lazy` / `start` / `now` where the documented signature differs from the action's.
 */
export type Row<I, K extends keyof I> =
  (() => Promise<{ [P in K]: Accepting<I[K]> }>) | HostMethod<Parameters<Extract<I[K], AnyFunction>>, ReturnType<Extract<I[K], AnyFunction>>>

/**
 * A table of the methods `I` declares (the interface is the public contract the manifest reads):
 * a loader row becomes a method that imports the module on its first call and runs its export
 * named like the method with the call's arguments unchanged.
 */
export function table<I>(rows: { [K in keyof I]-?: Row<I, K> }): Record<keyof I, HostMethod> {
  const methods = {} as Record<keyof I, HostMethod>
  for (const [name, row] of Object.entries(rows) as [keyof I & string, Row<I, keyof I> | (() => Promise<Record<string, AnyFunction>>)][]) {
    methods[name] =
      typeof row === 'function'
        ? { run: async (...args: unknown[]) => (await (row as () => Promise<Record<string, AnyFunction>>)())[name]!(...args), refused: 'reject' }
        : (row as HostMethod)
  }
  return methods
}
