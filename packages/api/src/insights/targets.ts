import type { PortfolioTargets, PortfolioTargetsInput, TargetsQuery } from "@ledgerline/contracts";
import type { UserScope } from "../platform/scope";
import { targetLabel } from "./allocation-keys";

/** The user's target mix for a dimension, each key labelled; none set is an empty list. */
export async function targetsOf(scope: UserScope, input: TargetsQuery): Promise<PortfolioTargets> {
  const targets = await scope.deps.repos.portfolioTargets.get(scope.user.id, input.by);
  return {
    by: input.by,
    targets: targets.map((target) => ({ ...target, label: targetLabel(input.by, target.key) })),
  };
}

/**
 * Replaces the dimension's targets as a whole (the schema has checked the keys, and that the
 * weights add to 1); an empty list clears them. Answers the set as read back.
 */
export async function setTargets(
  scope: UserScope,
  input: PortfolioTargetsInput,
): Promise<PortfolioTargets> {
  const { deps, user } = scope;
  const targets = input.targets.map(({ key, weight }) => ({ key, weight }));
  await deps.repos.portfolioTargets.put(user.id, input.by, targets, new Date(deps.clock.now()));
  return targetsOf(scope, { by: input.by });
}
