import { dateOf } from "@ledgerline/clock";
import {
  IMPORT_MAPPINGS_MAX,
  type ImportMapping,
  type MessageResult,
  type SavedImportMappingView,
} from "@ledgerline/contracts";
import type { SavedImportMapping } from "@ledgerline/db";
import { badRequest, notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";

/** The signed-in user's saved 'Other CSV' column mappings (issue 11): list, save, delete. */

const toView = (saved: SavedImportMapping): SavedImportMappingView => ({
  id: saved.id,
  name: saved.name,
  mapping: saved.mapping,
  createdAt: saved.createdAt.toISOString(),
});

export async function listImportMappings(scope: UserScope): Promise<SavedImportMappingView[]> {
  return (await scope.deps.repos.importMappings.list(scope.user.id)).map(toView);
}

/** A 400 when the name is taken by another of the user's mappings, or when 50 are saved. */
export async function saveImportMapping(
  scope: UserScope,
  input: { name: string; mapping: ImportMapping },
): Promise<SavedImportMappingView> {
  const outcome = await scope.deps.repos.importMappings.create(
    scope.user.id,
    input.name,
    input.mapping,
    IMPORT_MAPPINGS_MAX,
    dateOf(scope.deps.clock),
  );
  if (!outcome.ok) {
    throw badRequest(
      outcome.reason === "limit"
        ? `You can keep at most ${IMPORT_MAPPINGS_MAX} saved mappings; delete one first`
        : `You already have a mapping named "${input.name}"; choose another name or delete that one first`,
    );
  }
  return toView(outcome.saved);
}

/** Another user's mapping is answered as no mapping at all (a 404), never deleted. */
export async function deleteImportMapping(scope: UserScope, id: number): Promise<MessageResult> {
  if (!(await scope.deps.repos.importMappings.remove(scope.user.id, id))) {
    throw notFound("Saved mapping not found");
  }
  return { message: "Mapping deleted" };
}
