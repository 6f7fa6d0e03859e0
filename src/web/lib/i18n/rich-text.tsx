import { Fragment, type ReactNode } from 'react';

/**
 * A message with marked parts, e.g. "Add a service in <link>Settings → Translator</link>.": each
 * `<name>…</name>` is drawn by `parts[name]`, so translators move the link with its words. Tags
 * do not nest; an unknown tag is shown as its text.
 */
export function RichText({ text, parts }: { text: string; parts: Record<string, (children: string) => ReactNode> }) {
  const nodes: ReactNode[] = [];
  const pattern = /<([a-z][\w-]*)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const draw = parts[match[1]];
    nodes.push(<Fragment key={match.index}>{draw ? draw(match[2]) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return <>{nodes}</>;
}
