/**
 * Funding (spec part 3 §7, api-paths.md): the card provider's signed widget URL and the exchange
 * on-ramp's session and status. Signed-in users with a live session only (the URLs carry the user's
 * address, and each call spends the app's provider quota: services/paid-calls.ts); an on-ramp's
 * status is answered only to the user who started it.
 */
import { ROUTES } from '@gatehouse/contract/routes'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import { insertOnrampSession, onrampSessionOwner } from '../db/onramp-sessions.js'
import { ApiError } from '../errors.js'
import { requirePaidCall } from '../services/paid-calls.js'
import { getCoinbaseOnRampStatus, initCoinbaseOnRamp, signMoonpayOnRampUrl, type CoinbaseInitInput, type MoonpaySignInput } from '../services/funding.js'

const moonpay = ROUTES['POST /plugins/moonpay_on_ramp/sign']
const coinbaseInit = ROUTES['POST /funding/coinbase_on_ramp/init']
const coinbaseStatus = ROUTES['GET /funding/coinbase_on_ramp/status']

export default async function fundingRoutes(app: ApiInstance) {
  app.post(moonpay.path, { schema: moonpay.schema, config: HEADER_APP }, async (request) => {
    await requirePaidCall(request)
    return signMoonpayOnRampUrl(appOf(request), request.body as MoonpaySignInput)
  })

  app.post(coinbaseInit.path, { schema: coinbaseInit.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requirePaidCall(request)
    const answer = await initCoinbaseOnRamp(appOf(request), request.body as CoinbaseInitInput, request.ip)
    // The status of this partner user id is answered to this user only.
    await insertOnrampSession(app.gatehouse.db, {
      partner_user_id: answer.partner_user_id,
      app_id: answer.app_id,
      user_id: userId,
      created_at: app.gatehouse.now(),
    })
    return answer
  })

  app.get(coinbaseStatus.path, { schema: coinbaseStatus.schema, config: HEADER_APP }, async (request) => {
    const { userId } = await requirePaidCall(request, 'status')
    if ((await onrampSessionOwner(app.gatehouse.db, appOf(request).id, request.query.partnerUserId)) !== userId)
      throw new ApiError('not_found', 'No exchange on-ramp session of this user has this id')
    return getCoinbaseOnRampStatus(appOf(request), request.query.partnerUserId)
  })
}
