/**
 * `specforge/operation-tags`: every operation has at least one tag, every tag an operation uses is
 * declared in the root `tags` list, and every declared tag is used (docs group operations by tag); a
 * tag that is the `parent` of another (OpenAPI 3.2) is used by its children.
 */
import type { Location, Oas3Rule } from '@redocly/openapi-core';
import { isRecord, nonEmptyString, operationName } from './common.js';

export const OperationTags: Oas3Rule = () => {
  const declared = new Map<string, Location>();
  const used = new Set<string>();
  return {
    Root: {
      enter(root, ctx) {
        const tags: unknown = root.tags;
        if (!Array.isArray(tags)) return;
        tags.forEach((tag: unknown, i) => {
          if (isRecord(tag) && typeof tag['name'] === 'string') declared.set(tag['name'], ctx.location.child(['tags', i]));
          // OpenAPI 3.2: a tag that is another's parent groups the operations of its children.
          if (isRecord(tag) && typeof tag['parent'] === 'string') used.add(tag['parent']);
        });
      },
      leave(_root, ctx) {
        for (const [name, location] of declared) {
          if (!used.has(name)) ctx.report({ message: `tag "${name}" is declared but no operation uses it`, location: location.child('name') });
        }
      },
    },
    Operation(op, ctx) {
      const tags: unknown = op.tags;
      if (!Array.isArray(tags) || tags.length === 0) {
        ctx.report({
          message: `${operationName(op, ctx)} has no tags: add one of the tags declared at the root, so docs can group it`,
          location: tags === undefined ? ctx.location.key() : ctx.location.child('tags'),
        });
        return;
      }
      tags.forEach((tag: unknown, i) => {
        if (!nonEmptyString(tag)) return;
        used.add(tag);
        if (!declared.has(tag)) {
          ctx.report({
            message: `${operationName(op, ctx)} uses tag "${tag}", which the root tags list does not declare: declare it there with a description`,
            location: ctx.location.child(['tags', i]),
          });
        }
      });
    },
  };
};
