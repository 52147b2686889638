export { AuthCallbackPage } from './auth-callback-page';
export { AuthFailedPage } from './auth-failed-page';
export { AuthenticationRequiredScreen } from './authentication-required-screen';
export { NotYetAuthenticatedScreen } from './not-yet-authenticated-screen';
export { SessionExpiredPage } from './session-expired-page';
