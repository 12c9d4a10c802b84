// Typing an authenticator app's code into the second-factor step, as a person would. The backend
// takes each code once (RFC 6238 §5.2), and the demo staff's factors are shared by the browser
// tests that two workers run side by side: a code the other worker used moments before is refused,
// and a person would then type the next code their app shows. So does this helper.
import { expect, type Locator } from '@playwright/test';
import type { Locale } from '../../../src/i18n/locales.ts';
import { unusedTotpCode } from '../../backend/helpers/second-factor.ts';
import { uiText } from './ui-strings.ts';

/**
 * Fills the step's code field and submits it until `passed` shows (at most three codes: this
 * worker's current one, then the next steps').
 *
 * @example await enterSecondFactorCode(step, 'fr', demoSecondFactors.moderator.secret, reportsHeading)
 */
export async function enterSecondFactorCode(
  step: Locator,
  locale: Locale,
  secret: string,
  passed: Locator,
): Promise<void> {
  const refused = step.getByRole('alert');
  for (let attempt = 1; ; attempt++) {
    await step.getByLabel(uiText(locale, 'auth.mfa.code')).fill(await unusedTotpCode(secret));
    await step.getByRole('button', { name: uiText(locale, 'auth.mfa.submit') }).click();
    await expect(passed.or(refused).first()).toBeVisible();
    if (await passed.isVisible()) return;
    if (attempt === 3) throw new Error(`second factor refused: ${await refused.innerText()}`);
  }
}
