import { BaseError } from './base.ts'

/** The app id must be exactly 25 characters (spec §5). */
export class InvalidAppIdError extends BaseError {
  override name = 'InvalidAppIdError'
  constructor({ appId }: { appId: string | null | undefined }) {
    super('Invalid app id: it must be a string of exactly 25 characters.', {
      code: 'INVALID_APP_ID',
      details: `Received ${appId ? `"${appId}" (${appId.length} characters)` : 'no app id'}. Copy it from your Gatehouse dashboard.`,
    })
  }
}

/** HTTPS is required except on localhost (spec §5). */
export class InsecureApiUrlError extends BaseError {
  override name = 'InsecureApiUrlError'
  constructor({ apiUrl }: { apiUrl: string }) {
    super('The api-url must use HTTPS (plain HTTP is only allowed for localhost and 127.0.0.1).', {
      code: 'INSECURE_API_URL',
      details: `Received "${apiUrl}"`,
    })
  }
}

/** Only one provider instance may be mounted (spec §5). */
export class MultipleProvidersError extends BaseError {
  override name = 'MultipleProvidersError'
  constructor({ appId, activeAppId }: { appId: string; activeAppId: string }) {
    super('Only one Gatehouse provider may be mounted per page.', {
      code: 'MULTIPLE_PROVIDERS',
      details: `An <auth-modal> with app id "${activeAppId}" is already active; this one ("${appId}") renders nothing. Use the same app id on every <auth-modal>.`,
    })
  }
}

/**
 * The app does not offer this login method (spec §5 'Not allowed'); the same code the server
 * answers (`disallowed_login_method`), refused here before anything is stored or sent.
 */
export class LoginMethodNotAllowedError extends BaseError {
  override name = 'LoginMethodNotAllowedError'
  constructor({ method }: { method: string }) {
    super('Not allowed', { code: 'disallowed_login_method', details: `Login with ${method} is not enabled for this app.` })
  }
}

export class MustBeAuthenticatedError extends BaseError {
  override name = 'MustBeAuthenticatedError'
  constructor() {
    super('The user must be logged in.', { code: 'MUST_BE_AUTHENTICATED' })
  }
}

export class NotInitializedError extends BaseError {
  override name = 'NotInitializedError'
  constructor(message = 'Gatehouse is not initialized: set app-id on an <auth-modal> or call initialize() first.') {
    super(message, { code: 'NOT_INITIALIZED' })
  }
}

/**
 * A login or link flow began before the API client exists (spec §8 'Other'): the same condition
 * as NotInitializedError, named as the spec names it for auth flows.
 */
export class AuthFlowNoApiError extends NotInitializedError {
  override name = 'AuthFlowNoApiError'
  constructor() {
    super('Auth flow has no API instance')
  }
}

/** The user left the flow before it completed (e.g. declined the terms). */
export class UserExitedAuthFlowError extends BaseError {
  override name = 'UserExitedAuthFlowError'
  constructor() {
    super('The user exited the login flow.', { code: 'USER_EXITED_AUTH_FLOW' })
  }
}

export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError'
  constructor({ message }: { message: string }) {
    super(message, { code: 'invalid_data' })
  }
}
