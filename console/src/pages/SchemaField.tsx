/**
 * One field of the app-config schema as a form control, chosen from its JSON Schema: a checkbox, a
 * select (enums), a text or number input, a line-per-item textarea (lists of text), a checkbox group
 * (a set of enum values), a fieldset (objects, recursively), or a JSON editor for the shapes a
 * control cannot show plainly (lists of chains, maps). Errors (the schema's, or the server's for
 * this path) are shown beside the control and tied to it with aria-describedby.
 */
import { useEffect, useState } from 'react'
import { isSecretKey, labelOf } from '../settings-groups.ts'

type Schema = {
  type?: string | string[]
  enum?: readonly unknown[]
  properties?: Record<string, Schema>
  items?: Schema
  uniqueItems?: boolean
  anyOf?: readonly Schema[]
  description?: string
  pattern?: string
  minimum?: number
}

export type Errors = Record<string, string>

const types = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [])
const domId = (path: string) => `field-${path.replace(/[^\w-]/g, '-')}`

export interface FieldProps {
  name: string
  /** The label, where the key's own words (labelOf) do not say it well. */
  label?: string
  path: string
  schema: Schema
  value: unknown
  onChange: (value: unknown) => void
  errors: Errors
}

function ErrorText({ path, errors }: { path: string; errors: Errors }) {
  const message = errors[path]
  return message ? (
    <p className="field-error" id={`${domId(path)}-error`}>
      {message}
    </p>
  ) : null
}

function described(path: string, errors: Errors) {
  return errors[path] ? { 'aria-describedby': `${domId(path)}-error`, 'aria-invalid': true as const } : {}
}

export function SchemaField({ name, label: given, path, schema, value, onChange, errors }: FieldProps) {
  const id = domId(path)
  const label = given ?? labelOf(name)
  const t = types(schema)
  const nullable = t.includes('null')

  if (t.includes('boolean') && t.length === 1) {
    return (
      <div className="field checkbox">
        <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...described(path, errors)} />
        <label htmlFor={id}>{label}</label>
        <ErrorText path={path} errors={errors} />
      </div>
    )
  }

  if (schema.enum && (t.includes('string') || !t.length)) {
    const options = schema.enum.filter((v): v is string => typeof v === 'string')
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? (nullable ? null : undefined) : e.target.value)}
          {...described(path, errors)}
        >
          <option value="">{nullable ? 'None' : 'Default'}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
        <ErrorText path={path} errors={errors} />
      </div>
    )
  }

  if (t.includes('string') && !schema.enum) {
    const secret = isSecretKey(name)
    const text = typeof value === 'string' ? value : ''
    if (name === 'accentColor') {
      const valid = /^#[0-9a-fA-F]{6}$/.test(text)
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <div className="color">
            <input id={id} value={text} onChange={(e) => onChange(e.target.value)} spellCheck={false} {...described(path, errors)} />
            <input type="color" aria-label={`${label} picker`} value={valid ? text : '#000000'} onChange={(e) => onChange(e.target.value)} />
          </div>
          <ErrorText path={path} errors={errors} />
        </div>
      )
    }
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type={secret ? 'password' : 'text'}
          autoComplete={secret ? 'new-password' : 'off'}
          // A secret is write-only: the stored one is never shown, typing replaces it.
          value={secret ? (typeof value === 'string' && !value.includes('•') && !value.startsWith('*') ? value : '') : text}
          placeholder={secret && value ? 'Set (hidden): type to replace' : undefined}
          onChange={(e) => onChange(e.target.value === '' && nullable ? null : e.target.value)}
          {...described(path, errors)}
        />
        <ErrorText path={path} errors={errors} />
      </div>
    )
  }

  if ((t.includes('integer') || t.includes('number')) && !schema.enum) {
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.target.value === '' ? (nullable ? null : undefined) : Number(e.target.value))}
          {...described(path, errors)}
        />
        <ErrorText path={path} errors={errors} />
      </div>
    )
  }

  if (t.includes('array') && schema.items?.enum && schema.uniqueItems) {
    const chosen = Array.isArray(value) ? (value as string[]) : []
    const options = schema.items.enum.filter((v): v is string => typeof v === 'string')
    return (
      <fieldset className="field group" id={id} {...described(path, errors)}>
        <legend>{label}</legend>
        {options.map((o) => (
          <div className="checkbox" key={o}>
            <input
              id={`${id}-${o}`}
              type="checkbox"
              checked={chosen.includes(o)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, o] : chosen.filter((c) => c !== o))}
            />
            <label htmlFor={`${id}-${o}`}>{o}</label>
          </div>
        ))}
        <ErrorText path={path} errors={errors} />
      </fieldset>
    )
  }

  if (t.includes('array') && schema.items && types(schema.items).includes('string') && !schema.items.enum) {
    const lines = Array.isArray(value) ? (value as string[]).join('\n') : ''
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <p className="hint" id={`${id}-hint`}>
          One per line.
        </p>
        <textarea
          id={id}
          rows={3}
          value={lines}
          aria-describedby={errors[path] ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={errors[path] ? true : undefined}
          onChange={(e) =>
            onChange(
              e.target.value
                .split('\n')
                .map((l) => l.trim())
                .filter(Boolean),
            )
          }
        />
        <ErrorText path={path} errors={errors} />
      </div>
    )
  }

  if (t.includes('object') && schema.properties && !nullable) {
    const object = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
    return (
      <fieldset className="field group" id={id}>
        <legend>{label}</legend>
        {Object.entries(schema.properties).map(([key, inner]) => (
          <SchemaField
            key={key}
            name={key}
            path={`${path}.${key}`}
            schema={inner}
            value={object[key]}
            errors={errors}
            onChange={(next) => {
              const copy = { ...object }
              if (next === undefined) delete copy[key]
              else copy[key] = next
              onChange(copy)
            }}
          />
        ))}
        <ErrorText path={path} errors={errors} />
      </fieldset>
    )
  }

  return <JsonField id={id} label={label} path={path} value={value} onChange={onChange} errors={errors} />
}

/** Any other shape, edited as JSON; text that does not parse stays local and says so. */
function JsonField({
  id,
  label,
  path,
  value,
  onChange,
  errors,
}: {
  id: string
  label: string
  path: string
  value: unknown
  onChange: (v: unknown) => void
  errors: Errors
}) {
  const shown = value === undefined ? '' : JSON.stringify(value, null, 2)
  const [text, setText] = useState(shown)
  const [parseError, setParseError] = useState<string | null>(null)
  useEffect(() => {
    // Follows changes made elsewhere (a reload after saving), not the text being typed.
    setText((current) => {
      try {
        return JSON.stringify(JSON.parse(current || 'null')) === JSON.stringify(value ?? null) ? current : shown
      } catch {
        return current
      }
    })
  }, [shown, value])
  // The server names fields inside the JSON too (`chains.0.rpcUrl`): shown here with their place.
  const inner = Object.entries(errors)
    .filter(([p]) => p.startsWith(`${path}.`))
    .map(([p, m]) => `${p.slice(path.length + 1)}: ${m}`)
  const message = parseError ?? errors[path] ?? (inner.length ? inner.join('; ') : undefined)
  return (
    <div className="field">
      <label htmlFor={id}>{label} (JSON)</label>
      <textarea
        id={id}
        className="mono"
        rows={Math.min(12, Math.max(3, text.split('\n').length))}
        value={text}
        spellCheck={false}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value)
          try {
            onChange(e.target.value.trim() === '' ? undefined : JSON.parse(e.target.value))
            setParseError(null)
          } catch {
            setParseError('Not valid JSON yet')
          }
        }}
      />
      {message && (
        <p className="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
    </div>
  )
}
