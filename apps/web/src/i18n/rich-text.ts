import { createElement, Fragment, type ReactNode } from 'react';

/**
 * A translated message with React nodes in it (a name in bold, a link): the message is made with a
 * marker in each node's place, then cut at the markers, each node put back where its marker was.
 * `withNodes((marks) => t('deleteQuestion', { ...marks, first }), { name: <strong>{name}</strong> })`: the
 * sentence stays whole in each language's catalogue, each placing the nodes where its grammar does.
 */
export function withNodes(format: (marks: Record<string, string>) => string, nodes: Record<string, ReactNode>): ReactNode[] {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0000${name}\u0000`]));
  return format(marks)
    .split('\u0000')
    .map((part, index) => (index % 2 === 1 ? createElement(Fragment, { key: index }, nodes[part]) : part));
}
