/**
 * The `recoveryOAuth` setting (cloud recovery, spec part 2 §2): a provider offered or not, and its
 * client. Google Drive needs the OAuth client asking for Drive's app-data folder (client id, its
 * secret, the issuer when it is not Google's); Apple iCloud needs the CloudKit container, its
 * environment and the web-services API token. Checked with the branches of the very schema the
 * server checks with (contract/src/routes/app-config.ts), so each message sits on its own field;
 * the secrets are write-only like every other secret field (SchemaField), and the server's own
 * refusals (a masked secret whose destination changed) land on the field they name.
 */
import { appUpdateSchema } from '@gatehouse/contract/routes/app-config'
import Ajv, { type ErrorObject } from 'ajv'
import { SchemaField, type Errors } from './SchemaField.tsx'

export const RECOVERY_PROVIDERS = [
  { key: 'google-drive', title: "Offer 'Back up to Google Drive'", fields: { clientId: 'Client ID', clientSecret: 'Client secret', issuer: 'Issuer URL' } },
  {
    key: 'icloud',
    title: "Offer 'Back up to Apple iCloud'",
    fields: { containerId: 'CloudKit container ID', environment: 'CloudKit environment', apiToken: 'CloudKit API token' },
  },
] as const

type ProviderKey = (typeof RECOVERY_PROVIDERS)[number]['key']
type Schema = Parameters<typeof SchemaField>[0]['schema'] & { required?: readonly string[] }

const recoverySchema = (appUpdateSchema.properties as unknown as Record<string, { properties: Record<ProviderKey, { anyOf: readonly Schema[] }> }>)
  .recoveryOAuth!
/** The object branch of each provider's `null | { … }`: what an offered provider must be. */
const branches = Object.fromEntries(
  RECOVERY_PROVIDERS.map(({ key }) => [key, recoverySchema.properties[key].anyOf.find((s) => s.type === 'object')!]),
) as Record<ProviderKey, Schema>
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
const validators = Object.fromEntries(RECOVERY_PROVIDERS.map(({ key }) => [key, ajv.compile(branches[key])])) as Record<
  ProviderKey,
  ReturnType<typeof ajv.compile>
>

function message(error: ErrorObject): string {
  if (error.keyword === 'required') return 'Required'
  if (error.keyword === 'pattern' && error.instancePath === '/containerId')
    return "Must be the container's identifier, starting with 'iCloud.' (iCloud.com.example.app)"
  if (error.keyword === 'pattern') return 'Must be an http(s) URL'
  return `Must ${error.message?.replace(/^must /, '') ?? 'be valid'}`
}

/** The schema's messages for `value`, by field path (`recoveryOAuth.icloud.containerId`). */
export function recoveryErrors(value: unknown): Errors {
  const settings = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  const errors: Errors = {}
  for (const { key } of RECOVERY_PROVIDERS) {
    const provider = settings[key]
    if (provider === null || provider === undefined) continue
    const validate = validators[key]
    if (validate(provider)) continue
    for (const e of validate.errors ?? []) {
      const field = e.keyword === 'required' ? String(e.params.missingProperty) : e.instancePath.replace(/^\//, '').replace(/\//g, '.')
      const path = field ? `recoveryOAuth.${key}.${field}` : `recoveryOAuth.${key}`
      errors[path] ??= message(e)
    }
  }
  return errors
}

export function RecoveryOAuthField({ value, onChange, errors }: { value: unknown; onChange: (value: unknown) => void; errors: Errors }) {
  const settings = (value && typeof value === 'object' ? value : { 'google-drive': null, icloud: null }) as Record<string, Record<string, unknown> | null>
  // The field's own messages first: the page's, from the whole schema, name the anyOf's null branch too.
  const own = { ...errors, ...recoveryErrors(settings) }
  const set = (key: ProviderKey, next: Record<string, unknown> | null) => onChange({ ...settings, [key]: next })
  return (
    <fieldset className="field group" id="field-recoveryOAuth">
      <legend>Cloud recovery</legend>
      <p className="hint">Lets users keep their wallet&apos;s recovery share in their own Google Drive or iCloud.</p>
      {RECOVERY_PROVIDERS.map(({ key, title, fields }) => {
        const provider = settings[key] ?? null
        const path = `recoveryOAuth.${key}`
        return (
          <fieldset key={key} className="field group" aria-label={title}>
            <legend className="visually-hidden">{title}</legend>
            <div className="field checkbox">
              <input
                id={`field-${path.replace(/[^\w-]/g, '-')}`}
                type="checkbox"
                checked={provider !== null}
                onChange={(e) => set(key, e.target.checked ? {} : null)}
              />
              <label htmlFor={`field-${path.replace(/[^\w-]/g, '-')}`}>{title}</label>
            </div>
            {provider !== null &&
              Object.entries(fields).map(([field, label]) => (
                <SchemaField
                  key={field}
                  name={field}
                  label={label}
                  path={`${path}.${field}`}
                  schema={branches[key].properties![field]!}
                  value={provider[field]}
                  errors={own}
                  onChange={(next) => {
                    const copy = { ...provider }
                    if (next === undefined || next === null || next === '') delete copy[field]
                    else copy[field] = next
                    set(key, copy)
                  }}
                />
              ))}
            {own[path] ? <p className="field-error">{own[path]}</p> : null}
          </fieldset>
        )
      })}
    </fieldset>
  )
}
