/**
 * How long one fuzz or property case may take before the test calls it a hang or a
 * blow-up. Cases are small inputs that decode in a few milliseconds; the budget is far
 * above that, so a busy machine (CI shares its cores) never fails a case that is merely
 * slow there, while a quadratic walk or a loop that never ends still does. Speed itself is
 * measured in the bench, not here.
 */
export const CASE_BUDGET_MS = 5000;
