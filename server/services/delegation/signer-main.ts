/**
 * Entry of the signer process: `signer-main.ts --socket PATH` (GATEHOUSE_SIGNER_KEY_FILE names its
 * key). Started by the server on first use (signer-client.ts), or by an operator under its own OS
 * user, with the server pointed at its socket (GATEHOUSE_SIGNER_SOCKET).
 */
import { keyTtlFromEnv, loadSignerKey, runSigner } from './signer-process.js'

const at = process.argv.indexOf('--socket')
const socketPath = at > 0 ? process.argv[at + 1] : process.env.GATEHOUSE_SIGNER_SOCKET
if (!socketPath) {
  console.error('usage: signer-main --socket PATH')
  process.exit(2)
}
const key = await loadSignerKey(process.env.GATEHOUSE_SIGNER_KEY_FILE || undefined)
const server = await runSigner(socketPath, key, keyTtlFromEnv())
// Exiting wipes the kept keys (runSigner's exit hook), whether or not the HTTP process is still connected.
const stop = () => {
  server.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// Started by the server: it ends with it.
if (process.send) {
  process.on('disconnect', stop)
  process.send('ready')
}
