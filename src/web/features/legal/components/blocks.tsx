import { Link } from 'wouter';

import type { Block, Rich } from '../content/types';
import styles from './legal.module.css';

/** Text with links: our own paths through the router, e-mail as mailto, outside addresses in a new tab. */
export function RichText({ value }: { value: Rich }) {
  if (typeof value === 'string') return value;
  return value.map((part, i) => {
    if (typeof part === 'string') return part;
    if (part.href.startsWith('/'))
      return (
        <Link key={i} href={part.href}>
          {part.text}
        </Link>
      );
    const outside = /^https?:/.test(part.href);
    return (
      <a key={i} href={part.href} {...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {part.text}
      </a>
    );
  });
}

function isRich(block: Block): block is Rich {
  return typeof block === 'string' || Array.isArray(block);
}

/** Paragraphs, lists and notes, as the content files write them. */
export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, i) => {
    if (isRich(block))
      return (
        <p key={i}>
          <RichText value={block} />
        </p>
      );
    if ('note' in block)
      return (
        <p key={i} className={styles.note}>
          <RichText value={block.note} />
        </p>
      );
    const items = block.list.map((item, j) => (
      <li key={j}>
        <RichText value={item} />
      </li>
    ));
    return block.ordered ? (
      <ol key={i} className={styles.list}>
        {items}
      </ol>
    ) : (
      <ul key={i} className={styles.list}>
        {items}
      </ul>
    );
  });
}
