import { describe, expect, it } from 'vitest';
import { AUDIENCE_NAME_RULES, childLevel, FRAMEWORK_TITLE_RULES } from '@/lib/validation/framework';
import { validate } from '@/lib/validation/rules';
import { targetPosition } from '@/machines/admin/admin-list-editor.machine';

describe('framework rules', () => {
  it('puts each new item one level below its parent, and nothing under a strategy', () => {
    expect(childLevel(null)).toBe('CATEGORY');
    expect(childLevel('CATEGORY')).toBe('STRAND');
    expect(childLevel('STRAND')).toBe('ELEMENT');
    expect(childLevel('ELEMENT')).toBe('STRATEGY');
    expect(childLevel('STRATEGY')).toBeNull();
  });

  it('checks titles and names with the spec’s messages', () => {
    expect(validate('', FRAMEWORK_TITLE_RULES, 'Title')).toEqual(['The Title field is required']);
    expect(validate('a', FRAMEWORK_TITLE_RULES, 'Title')).toEqual(['The Title must have at least 2 characters']);
    expect(validate('x'.repeat(151), FRAMEWORK_TITLE_RULES, 'Title')).toEqual(['The Title must not exceed 150 characters']);
    expect(validate('Exit tickets', FRAMEWORK_TITLE_RULES, 'Title')).toEqual([]);
    expect(validate('x'.repeat(81), AUDIENCE_NAME_RULES, 'Name')).toEqual(['The Name must not exceed 80 characters']);
  });

  it('moves an entry one step among its own siblings only', () => {
    const items = [
      { id: 'a', parentId: null, position: 1 },
      { id: 'b', parentId: null, position: 2 },
      { id: 'c', parentId: 'a', position: 1 },
    ];
    expect(targetPosition(items, 'b', 'up')).toBe(1);
    expect(targetPosition(items, 'b', 'down')).toBeNull();
    expect(targetPosition(items, 'a', 'up')).toBeNull();
    expect(targetPosition(items, 'c', 'down')).toBeNull();
    expect(targetPosition(items, 'missing', 'up')).toBeNull();
  });
});
