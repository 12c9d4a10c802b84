import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe on the page as it is now, with every rule axe enables by default (WCAG 2.0–2.2 A/AA
 * and best practices), and returns its violations as lines a person can act on: rule, impact,
 * what is wrong and where.
 */
export async function findAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n` +
        `  at ${node.target.join(' ')}\n  ${node.failureSummary?.replaceAll('\n', '\n  ') ?? ''}`,
    ),
  );
}
