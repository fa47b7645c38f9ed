import { useId, useState } from 'react'
import { SecondaryButton } from '../../../ui/Button.tsx'
import { useCopied } from '../../../ui/useCopied.ts'
import { generatePassphrase } from '../../../wallets/embedded/password.ts'
import { downloadPasswordFile } from '../../../wallets/embedded/passwordFile.ts'

interface PasswordInputProps {
  label: string
  value: string
  onChange(value: string): void
  onBlur?(): void
  withGenerate?: boolean
  onGenerate?(phrase: string): void
}

/** Password field with show/hide and, on the first step, 'Generate passphrase'. */
export function PasswordInput({ label, value, onChange, onBlur, withGenerate, onGenerate }: PasswordInputProps) {
  const [visible, setVisible] = useState(false)
  const id = useId()
  async function generate() {
    // The BIP-39 list (2048 words) loads with this button, not with the screen.
    const { wordlist } = await import('@scure/bip39/wordlists/english')
    setVisible(true)
    onGenerate?.(generatePassphrase(wordlist))
  }
  return (
    <div className="password-field">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="text-input"
        part="input password-input"
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={label}
      />
      <button type="button" className="link-button" onClick={() => setVisible(!visible)} aria-pressed={visible}>
        {visible ? 'Hide' : 'Show'}
      </button>
      {withGenerate ? (
        <button type="button" className="link-button" onClick={generate}>
          Generate passphrase
        </button>
      ) : null}
    </div>
  )
}

/** Copy the password, or download it as a text file named from the app name. */
export function SavePassword({ password, appName }: { password: string; appName: string }) {
  const [copied, copy] = useCopied()
  return (
    <div className="actions">
      <code className="secret" part="password-preview">
        {password}
      </code>
      <SecondaryButton onClick={() => copy(password)}>{copied ? 'Copied' : 'Copy'}</SecondaryButton>
      <SecondaryButton onClick={() => downloadPasswordFile(password, appName)}>Download</SecondaryButton>
    </div>
  )
}
