/**
 * Spec part 3 §2 'Sign message': the structured typed-data view (eth_signTypedData_v4) as a field
 * table the user can read: the domain, the primary type, and the message's fields by their declared
 * types (nested structs indented, arrays numbered), addresses shortened with a copy button; and the
 * spec's copy of the full payload. Never the raw JSON.
 */
import { useCopied } from '../../ui/useCopied.ts'
import { shortAddress } from '../../wallets/ethereum/format.ts'

type Field = { name: string; type: string }
type TypedData = { types?: Record<string, Field[]>; domain?: Record<string, unknown>; primaryType?: string; message?: Record<string, unknown> }

export const TYPED_DATA_TEXTS = {
  domain: 'Domain',
  primaryType: 'Primary type',
  message: 'Message',
  copy: 'Copy',
  copied: 'Copied',
  copyAddress: (address: string) => `Copy address ${address}`,
  copyPayload: 'Copy full payload',
}

/** EIP-712's domain fields, in the order the standard lists them. */
const DOMAIN_FIELDS: Field[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
]

const isAddress = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

function Address({ value }: { value: string }) {
  const [copied, copy] = useCopied()
  return (
    <span className="td-address">
      <code title={value}>{shortAddress(value)}</code>
      <button type="button" className="td-copy" aria-label={copied ? TYPED_DATA_TEXTS.copied : TYPED_DATA_TEXTS.copyAddress(value)} onClick={() => copy(value)}>
        {copied ? TYPED_DATA_TEXTS.copied : TYPED_DATA_TEXTS.copy}
      </button>
    </span>
  )
}

/** One value by its declared type: a struct as a nested table, an array numbered, an address shortened with copy. */
function Value({ type, value, types }: { type: string; value: unknown; types: Record<string, Field[]> }) {
  if (type.endsWith(']') && Array.isArray(value)) {
    const inner = type.slice(0, type.lastIndexOf('['))
    return (
      <ol className="td-array">
        {value.map((item, i) => (
          <li key={i}>
            <Value type={inner} value={item} types={types} />
          </li>
        ))}
      </ol>
    )
  }
  const struct = types[type]
  if (struct && value && typeof value === 'object') return <Fields fields={struct} values={value as Record<string, unknown>} types={types} />
  if (isAddress(value)) return <Address value={value} />
  if (value !== null && typeof value === 'object') return <span className="td-text">{JSON.stringify(value)}</span>
  return <span className="td-text">{String(value)}</span>
}

function Fields({ fields, values, types }: { fields: Field[]; values: Record<string, unknown>; types: Record<string, Field[]> }) {
  // Fields the types do not declare are still shown (a signer must see everything it signs).
  const declared = new Set(fields.map((f) => f.name))
  const all = [
    ...fields.filter((f) => f.name in values),
    ...Object.keys(values)
      .filter((k) => !declared.has(k))
      .map((name) => ({ name, type: '' })),
  ]
  return (
    <dl className="td-fields">
      {all.map((f) => (
        <div className="td-row" key={f.name} data-field={f.name}>
          <dt>{f.name}</dt>
          <dd>
            <Value type={f.type} value={values[f.name]} types={types} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

const styles = /* css */ `
.typed-data { display: flex; flex-direction: column; gap: calc(var(--gh-spacing) * 2); text-align: left; font-size: var(--gh-font-size-sm);
  max-height: 320px; overflow: auto; border: 1px solid var(--_border); border-radius: var(--gh-radius-md); padding: calc(var(--gh-spacing) * 3); }
.td-section { margin: 0; font-size: var(--gh-font-size-sm); font-weight: 600; color: var(--_muted); }
.td-fields { margin: 0; display: flex; flex-direction: column; gap: calc(var(--gh-spacing) * 1.5); }
.td-fields .td-fields { padding-left: calc(var(--gh-spacing) * 3); border-left: 2px solid var(--_border); margin-top: calc(var(--gh-spacing) * 1); }
.td-row { display: flex; flex-wrap: wrap; justify-content: space-between; gap: calc(var(--gh-spacing) * 1) calc(var(--gh-spacing) * 3); }
.td-row > dt { color: var(--_muted); }
.td-row > dd { margin: 0; font-weight: 500; text-align: right; min-width: 0; overflow-wrap: anywhere; }
.td-row > dd:has(> .td-fields), .td-row > dd:has(> .td-array) { flex-basis: 100%; text-align: left; }
.td-array { margin: 0; padding-left: calc(var(--gh-spacing) * 5); }
.td-address { display: inline-flex; align-items: center; gap: calc(var(--gh-spacing) * 1.5); }
.td-copy, .td-payload-copy { border: 0; background: none; padding: 0; color: var(--_accent-text); cursor: pointer; font: inherit; }
.td-payload-copy { align-self: flex-start; }
`

/** The typed data as a field table, with a copy of the full payload. */
export function TypedDataView({ data }: { data: unknown }) {
  const [copied, copy] = useCopied()
  let typed: TypedData
  try {
    typed = (typeof data === 'string' ? JSON.parse(data) : data) as TypedData
  } catch {
    return (
      <pre className="secret message" part="message" data-kind="raw">
        {String(data)}
      </pre>
    )
  }
  const types = typed.types ?? {}
  const full = typeof data === 'string' ? data : JSON.stringify(data, null, 2)
  const domainFields = types.EIP712Domain ?? DOMAIN_FIELDS
  return (
    <div className="message typed-data" part="typed-data" data-kind="typed-data">
      <style>{styles}</style>
      <h3 className="td-section">{TYPED_DATA_TEXTS.domain}</h3>
      <Fields fields={domainFields} values={typed.domain ?? {}} types={types} />
      <dl className="td-fields">
        <div className="td-row" data-field="primaryType">
          <dt>{TYPED_DATA_TEXTS.primaryType}</dt>
          <dd>{typed.primaryType ?? ''}</dd>
        </div>
      </dl>
      <h3 className="td-section">{TYPED_DATA_TEXTS.message}</h3>
      <Fields fields={types[typed.primaryType ?? ''] ?? []} values={typed.message ?? {}} types={types} />
      <button type="button" className="td-payload-copy" onClick={() => copy(full)}>
        {copied ? TYPED_DATA_TEXTS.copied : TYPED_DATA_TEXTS.copyPayload}
      </button>
    </div>
  )
}
