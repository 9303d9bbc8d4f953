import { Fragment, type ReactNode } from "react";

/** Stands around a placeholder's name in the message's text; never in a catalog's words. */
const MARK = "\u0000";

/**
 * A catalog message whose placeholders are parts of the page (a figure with its hover, a grey
 * block while loading): the message's words in its language's order, each placeholder the node
 * named for it.
 */
export function messageWith<Name extends string>(
  message: (inputs: Record<Name, string>) => string,
  nodes: Record<Name, ReactNode>,
): ReactNode {
  const marks = Object.fromEntries(
    Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]),
  ) as Record<Name, string>;
  return message(marks)
    .split(MARK)
    .map((piece, index) =>
      index % 2 === 0 ? piece : <Fragment key={index}>{nodes[piece as Name]}</Fragment>,
    );
}
