/** Environment settings of spec §3 (subscription amount 149, community channel 'general'). */
export const SUBSCRIPTION_AMOUNT = Number(import.meta.env.VITE_SUBSCRIPTION_AMOUNT ?? 149);
export const COMMUNITY_CHANNEL = import.meta.env.VITE_COMMUNITY_CHANNEL ?? 'general';
