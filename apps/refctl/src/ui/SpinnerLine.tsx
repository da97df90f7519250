import { Text } from 'ink';

/** Braille spinner frames. */
export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Props of {@link SpinnerLine}. */
export interface SpinnerLineProps {
  readonly label: string;
  readonly frame: number;
  readonly elapsedMs: number;
  readonly timeoutMs: number;
}

/** One spinner line: `⠙ waiting for rule … to be active  4s / 120s`. */
export function SpinnerLine({ label, frame, elapsedMs, timeoutMs }: SpinnerLineProps) {
  const glyph = SPINNER_FRAMES[frame % SPINNER_FRAMES.length];
  return (
    <Text>
      <Text color="cyan">{glyph}</Text> {label}{' '}
      <Text dimColor>
        {Math.floor(elapsedMs / 1000)}s / {Math.round(timeoutMs / 1000)}s
      </Text>
    </Text>
  );
}
