import { setFileScope } from '@vanilla-extract/css/fileScope';

// Tests run without the vanilla-extract bundler plugin, so `*.css.ts` files execute as plain
// modules; their styles still need a file to belong to. Import this before any view.
setFileScope('tests/support/vanilla-extract-scope.ts', 'tests');
