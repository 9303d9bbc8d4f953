import { accountRoutes } from "./accounts";
import { auditRoutes } from "./audit";

export const restRoutes = [...accountRoutes, ...auditRoutes];
