// The theme chosen in the account menu, before the first paint (src/views/theme/theme-choice.ts);
// storage may be blocked, and then the system's scheme applies.
try{var t=localStorage.getItem('AV_THEME');if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch{t=null}
