/**
 * A name's skeleton (nameSkeleton.ts) read as the text it is: lowercase, look-alike letters made
 * one (i as l), accents kept, an emoji's variation selector dropped, spaces run together and
 * none at the ends.
 */
import { describe, expect, it } from 'vitest';
import { nameSkeleton } from './nameSkeleton.ts';

describe("a name's skeleton", () => {
  it.each([
    ['Champion', 'champlon'],
    ['Zoë', 'zoë'],
    ['Al ice', 'al lce'],
    ['Al   ice', 'al lce'],
    [' Alice ', 'allce'],
    ['Heart \u2764\ufe0f', 'heart \u2764'],
    ['Heart \u2764', 'heart \u2764'],
  ])('of %j is %j', (name, skeleton) => {
    expect(nameSkeleton(name)).toBe(skeleton);
  });
});
