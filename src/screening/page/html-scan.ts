/**
 * Linear-time scanning of fetched HTML. The page is the attacker's (up to 2 MiB), and regexes such as
 * /<script\b([^>]*)>([\s\S]*?)<\/script>/g or /<meta[^>]+http-equiv[^>]*content=.../ backtrack quadratically on
 * thousands of unclosed `<script` or `<meta` openers: a 128 KiB page held the event loop for tens of seconds,
 * a 2 MiB one for hours. These helpers find the same blocks and tags in time linear in the page size.
 */

export interface Block {
  start: number;
  end: number;
  openEnd: number;
  bodyEnd: number;
  open: RegExpExecArray;
}

/** The text up to its last `>`: no tag or block (each ends with `>`) can match after it. */
const upToLastGt = (text: string): string => {
  const cut = text.lastIndexOf('>') + 1;
  return cut < text.length ? text.slice(0, cut) : text;
};

/**
 * Non-overlapping blocks from a match of `open` to the first match of `close` after it, left to right, as
 * /OPEN[\s\S]*?CLOSE/g finds them. Both regexes must be global and end with `>` (`open` may also end with a
 * literal word such as `<script\b`); once an opener has no closer after it, none later has either.
 */
export function findBlocks(text: string, open: RegExp, close: RegExp): Block[] {
  const hay = upToLastGt(text);
  const out: Block[] = [];
  let pos = 0;
  while (pos < hay.length) {
    open.lastIndex = pos;
    const o = open.exec(hay);
    if (o === null) break;
    close.lastIndex = open.lastIndex;
    const c = close.exec(hay);
    if (c === null) break;
    out.push({ start: o.index, end: close.lastIndex, openEnd: open.lastIndex, bodyEnd: c.index, open: o });
    pos = close.lastIndex;
  }
  return out;
}

/** `text` with every block of findBlocks replaced by `replacement`. */
export function replaceBlocks(text: string, open: RegExp, close: RegExp, replacement: string): string {
  const blocks = findBlocks(text, open, close);
  if (blocks.length === 0) return text;
  let out = '';
  let pos = 0;
  for (const b of blocks) {
    out += text.slice(pos, b.start) + replacement;
    pos = b.end;
  }
  return out + text.slice(pos);
}

/**
 * All matches of a global tag regex that ends with `>` and cannot cross one (`<input\b[^>]*>`), searched only
 * up to the last `>` of the text so that a run of unclosed openers is not rescanned to the end for each of them.
 */
export function matchTags(text: string, tag: RegExp): RegExpExecArray[] {
  return [...upToLastGt(text).matchAll(tag)];
}

/** text.replace(tag, replacement) for such a tag regex, in linear time (the tail after the last `>` is kept). */
export function replaceTags(text: string, tag: RegExp, replacement: string): string {
  const hay = upToLastGt(text);
  return hay.replace(tag, replacement) + text.slice(hay.length);
}
