import { Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { cancelKey, type PromptEnd } from './prompt-end';

/** Props of {@link TextPrompt}. */
export interface TextPromptProps {
  readonly message: string;
  /** Dim text after the message (what is expected). */
  readonly hint?: string | undefined;
  /** Why the text cannot be submitted as it is, or undefined when it can. */
  readonly validate?: (text: string) => string | undefined;
  readonly onEnd: (end: PromptEnd<string>) => void;
}

// Typed or pasted text keeps printable characters only: no terminal control gets in.
const printable = (input: string) => input.replace(/[\p{Cc}\p{Cf}]/gu, '');

/**
 * One line of text: type, Backspace, Enter submits (when `validate` accepts it), Esc cancels,
 * Ctrl-C interrupts. Once answered it collapses to `✔ message text`.
 */
export function TextPrompt({ message, hint, validate, onEnd }: TextPromptProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [end, setEnd] = useState<PromptEnd<string>>();
  // Typed-ahead keys (`web` then Enter) arrive in one tick: the handler reads refs.
  const typed = useRef('');
  const ended = useRef<PromptEnd<string>>(undefined);
  const finish = (result: PromptEnd<string>) => {
    ended.current = result;
    setEnd(result);
  };
  const edit = (next: string) => {
    typed.current = next;
    setText(next);
    setProblem(undefined);
  };

  const submit = () => {
    const refused = validate?.(typed.current);
    if (refused === undefined) finish({ kind: 'answer', value: typed.current });
    else setProblem(refused);
  };

  useInput((input, key) => {
    if (ended.current) return;
    const cancel = cancelKey(input, key);
    if (cancel) {
      finish({ kind: cancel });
    } else if (key.return) {
      submit();
    } else if (key.backspace || key.delete) {
      edit(Array.from(typed.current).slice(0, -1).join(''));
    } else if (!key.ctrl && !key.meta) {
      // Text and Enter read in one chunk (`web⏎` typed ahead, a pasted line) come as one
      // input: the line break still submits.
      const [line = '', ...rest] = input.split(/\r\n|\r|\n/);
      edit(typed.current + printable(line));
      if (rest.length > 0) submit();
    }
  });
  useEffect(() => {
    if (end) onEnd(end);
  }, [end, onEnd]);

  if (end?.kind === 'answer') {
    return (
      <Text>
        <Text color="green">✔</Text> {message} <Text color="cyan">{text}</Text>
      </Text>
    );
  }
  if (end) return null;
  return (
    <Text>
      <Text color="cyan">?</Text> <Text bold>{message}</Text>
      {hint ? <Text dimColor>{` (${hint})`}</Text> : null} {text}
      <Text inverse> </Text>
      {problem ? <Text color="red">{`  ${problem}`}</Text> : null}
    </Text>
  );
}
