import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { buttonClass } from "../../../../components/ui/Button";

export function ReturnToSearch() {
  return (
    <Link to="/search-area" className={buttonClass("secondary", "sm")}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {m.research_return_to_search()}
    </Link>
  );
}
