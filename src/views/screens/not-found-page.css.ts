import { style } from '@vanilla-extract/css';
import { vars } from '@/views/theme/vars.css';

export const inShell = style({ display: 'flex', justifyContent: 'center', padding: `${vars.space.xxl} ${vars.space.md}` });
export const brand = style({ marginBottom: vars.space.lg });
