import { accountRoutes } from "./accounts";
import { auditRoutes } from "./audit";
import { marketRoutes } from "./market";

export const restRoutes = [...accountRoutes, ...auditRoutes, ...marketRoutes];
