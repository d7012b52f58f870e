/** Environment settings of spec §3 (subscription amount 149, community channel 'general'). */
export const SUBSCRIPTION_AMOUNT = Number(import.meta.env.VITE_SUBSCRIPTION_AMOUNT ?? 149);
export const COMMUNITY_CHANNEL = import.meta.env.VITE_COMMUNITY_CHANNEL ?? 'general';
/** The community's channel link (spec §2 /community fallback; the help chat's "ask the community"). */
export const COMMUNITY_CHANNEL_URL = `https://community.example.org/c/${COMMUNITY_CHANNEL}`;
/** The external community that /community opens in a new tab. */
export const COMMUNITY_URL: string = import.meta.env.VITE_COMMUNITY_URL ?? COMMUNITY_CHANNEL_URL;
/** Days of the free trial a first subscription starts with (the server's TRIAL_DAYS, default 14). */
export const TRIAL_DAYS = Number(import.meta.env.VITE_TRIAL_DAYS ?? 14);
/** Where billing questions go (spec §3 "a payment support address"). */
export const PAYMENT_SUPPORT_EMAIL: string = import.meta.env.VITE_PAYMENT_SUPPORT_EMAIL ?? 'billing@example.org';
