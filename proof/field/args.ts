/** `--name value` and `--flag` arguments of the field tools; an unknown one is a one-line error. */
export function options(argv: string[], valued: string[], flags: string[] = []): Record<string, string | undefined> {
  const found: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!.replace(/^--/, '');
    if (flags.includes(name)) found[name] = 'yes';
    else if (valued.includes(name) && argv[i + 1] !== undefined) found[name] = argv[++i];
    else
      throw new Error(
        `unknown argument "${argv[i]}" (known: ${[...valued.map((v) => `--${v} <value>`), ...flags.map((f) => `--${f}`)].join(', ')})`
      );
  }
  return found;
}
