import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { escapeControls } from '../output/control-chars';
import { textWidth } from '../output/text-width';
import { cancelKey, type PromptEnd } from './prompt-end';

/** One entry of a {@link SelectPrompt}. */
export interface Choice<T> {
  readonly label: string;
  readonly value: T;
  /** Dim text after the label (price, stock, specs). */
  readonly hint?: string | undefined;
  /** Why it cannot be picked (e.g. `out of stock`): shown, never selectable. */
  readonly disabled?: string | undefined;
}

/** Props of {@link SelectPrompt}. */
export interface SelectPromptProps<T> {
  readonly message: string;
  readonly choices: readonly Choice<T>[];
  readonly onEnd: (end: PromptEnd<T>) => void;
}

/** The next selectable index from `from` in `step` direction, wrapping; `from` when none. */
function nextEnabled<T>(choices: readonly Choice<T>[], from: number, step: 1 | -1): number {
  const n = choices.length;
  for (let i = 1; i <= n; i++) {
    const index = (((from + step * i) % n) + n) % n;
    if (!choices[index]!.disabled) return index;
  }
  return from;
}

/**
 * A list to pick one entry from: ↑/↓ (or k/j) move over the selectable entries, Enter picks,
 * Esc cancels, Ctrl-C interrupts. Once answered it collapses to `✔ message label`.
 */
export function SelectPrompt<T>({ message, choices, onEnd }: SelectPromptProps<T>) {
  const [cursor, setCursor] = useState(() => choices.findIndex((c) => !c.disabled));
  const [end, setEnd] = useState<PromptEnd<T>>();
  // Keys typed faster than React re-renders arrive in one tick (↓ ↓ Enter): each must see
  // the previous one's effect, so the handler reads refs, and state only redraws.
  const at = useRef(cursor);
  const ended = useRef<PromptEnd<T>>(undefined);
  const finish = (result: PromptEnd<T>) => {
    ended.current = result;
    setEnd(result);
  };
  const move = (step: 1 | -1) => {
    at.current = nextEnabled(choices, at.current, step);
    setCursor(at.current);
  };

  useInput((input, key) => {
    if (ended.current) return;
    const cancel = cancelKey(input, key);
    if (cancel) finish({ kind: cancel });
    else if (at.current < 0) return;
    else if (key.upArrow || input === 'k') move(-1);
    else if (key.downArrow || input === 'j' || key.tab) move(1);
    else if (key.return) finish({ kind: 'answer', value: choices[at.current]!.value });
  });
  // Reported once the answer is on screen, so the final frame shows it.
  useEffect(() => {
    if (end) onEnd(end);
  }, [end, onEnd]);

  if (end?.kind === 'answer') {
    return (
      <Text>
        <Text color="green">✔</Text> {message}{' '}
        <Text color="cyan">{escapeControls(choices[cursor]!.label)}</Text>
      </Text>
    );
  }
  if (end) return null;
  // Labels and hints may be server text (plan names): shown, never obeyed by the terminal.
  const labels = choices.map((c) => escapeControls(c.label));
  const width = Math.max(0, ...labels.map(textWidth));
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="cyan">?</Text> <Text bold>{message}</Text>{' '}
        <Text dimColor>
          {cursor < 0
            ? '(nothing to pick; Esc cancels)'
            : '(↑/↓ to move, Enter to pick, Esc to cancel)'}
        </Text>
      </Text>
      {choices.map((choice, index) => {
        const current = index === cursor;
        const label = labels[index]!;
        const hint = [choice.hint, choice.disabled].filter(Boolean).join(' · ');
        return (
          // Labels are unique within one prompt (codes, refs).
          <Text key={choice.label} dimColor={choice.disabled !== undefined}>
            <Text {...(current ? { color: 'cyan' } : {})}>
              {current ? '❯ ' : '  '}
              {label + ' '.repeat(width - textWidth(label))}
            </Text>
            {hint ? <Text dimColor>{`  ${escapeControls(hint)}`}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}
