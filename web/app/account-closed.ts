/**
 * After an account is closed (Settings), the app signs out and goes home with this state: the home page says the
 * account is closed and where the confirmation went.
 */
export interface ClosedLocationState {
  accountClosed?: string;
}

export const accountClosedText = (email: string) => `Your account is closed and its data is being deleted. A confirmation is on its way to ${email}.`;
