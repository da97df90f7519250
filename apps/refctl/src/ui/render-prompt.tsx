// The only module that renders prompts with ink; imported lazily, and only once refctl
// decided it may ask (cli/required-flags: stdin and stdout are terminals, no --no-input).
import { render } from 'ink';
import type { ReactElement } from 'react';
import type { Io } from '../io/io';
import type { PromptEnd } from './prompt-end';
import { type Choice, SelectPrompt } from './SelectPrompt';
import { TextPrompt, type TextPromptProps } from './TextPrompt';

/** Runs one prompt view until it ends; the answered prompt stays on screen as one line. */
function run<T>(io: Io, view: (onEnd: (end: PromptEnd<T>) => void) => ReactElement) {
  // Prompts are for people: stderr, so stdout stays data, unless only stdout is a terminal.
  const stream = io.stderr.isTTY === true ? io.stderr : io.stdout;
  return new Promise<PromptEnd<T>>((resolve) => {
    let ended = false;
    const instance = render(
      view((end) => {
        if (ended) return;
        ended = true;
        // Called from the view's effect: unmount once React is done committing.
        setImmediate(() => {
          instance.unmount();
          void instance.waitUntilExit().then(
            () => resolve(end),
            () => resolve(end),
          );
        });
      }),
      {
        stdout: stream as NodeJS.WriteStream,
        stdin: io.stdin as NodeJS.ReadStream,
        stderr: io.stderr as NodeJS.WriteStream,
        // Raw mode turns Ctrl-C into a key; the prompt reports it as `interrupt`.
        exitOnCtrlC: false,
        patchConsole: false,
        // The caller checked for terminals; ink's own CI check would draw nothing.
        interactive: true,
      },
    );
  });
}

/** Asks to pick one of `choices`. */
export function select<T>(
  io: Io,
  message: string,
  choices: readonly Choice<T>[],
): Promise<PromptEnd<T>> {
  return run<T>(io, (onEnd) => <SelectPrompt message={message} choices={choices} onEnd={onEnd} />);
}

/** Asks for one line of text. */
export function text(io: Io, props: Omit<TextPromptProps, 'onEnd'>): Promise<PromptEnd<string>> {
  return run<string>(io, (onEnd) => <TextPrompt {...props} onEnd={onEnd} />);
}
