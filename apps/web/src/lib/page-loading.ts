import { lazyRouteComponent } from "@tanstack/react-router";
import type * as Layouts from "../components/loading/PageLoading";

const layouts = () => import("../components/loading/PageLoading");

/**
 * A page's loading layout, from the one module of them, loaded with the first page that shows
 * one. The route definitions, which every page loads (the public ones too, with their 110 KB
 * budget), name it in a few bytes: a code-split part of its own per route costs ~60 B gzip.
 */
export const pageLoading = (name: keyof typeof Layouts) => lazyRouteComponent(layouts, name);
