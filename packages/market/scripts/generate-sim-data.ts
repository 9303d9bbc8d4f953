/** Regenerates src/sim/data/*.gen.ts from data/ (run with `pnpm --filter @ledgerline/market generate`). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  generatedFolder,
  readConstituents,
  readFavicons,
  renderConstituentsModule,
  renderFaviconsModule,
} from "./sim-data-sources";

const constituents = readConstituents();
writeFileSync(
  join(generatedFolder, "sp500-constituents.gen.ts"),
  renderConstituentsModule(constituents),
);
const favicons = readFavicons();
writeFileSync(join(generatedFolder, "favicons.gen.ts"), renderFaviconsModule(favicons));
console.log(
  `wrote ${constituents.length} constituents and ${Object.keys(favicons).length} favicons`,
);
