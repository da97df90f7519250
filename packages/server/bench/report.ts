/** One benchmark figure with its target. */
export interface Figure {
  readonly name: string;
  readonly value: string;
  readonly target: string;
  /** Undefined when the figure is informational. */
  readonly pass?: boolean;
}

/** Prints figures as an aligned table and returns whether every target was met. */
export function printFigures(title: string, figures: readonly Figure[]): boolean {
  console.log(`\n${title}`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const figure of figures) {
    const verdict = figure.pass === undefined ? '' : figure.pass ? '  PASS' : '  MISS';
    console.log(
      `  ${figure.name.padEnd(width)}  ${figure.value.padStart(22)}  target ${figure.target}${verdict}`,
    );
  }
  return figures.every((f) => f.pass !== false);
}
