/** The name of a table row (a lesson, a presentation), whole on every screen: phones stack the row as a card. */
export function RowName({ children }: { children: string }) {
  return children;
}
