import { useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { Alert } from "./ui/Alert";
import { Button } from "./ui/Button";
import { Spinner } from "./ui/Spinner";

export function RoutePending() {
  return (
    <div className="flex justify-center py-24 text-primary">
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className="mx-auto max-w-xl py-16">
      <Alert tone="error">
        <p className="font-semibold">This page could not be loaded.</p>
        <p className="mt-1">
          {error instanceof Error && error.message ? error.message : "Something went wrong."}
        </p>
      </Alert>
      <Button className="mt-4" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </div>
  );
}
