import { onChatMessage } from "./hooks/chat-commands";
import { onI18nInit } from "./hooks/i18n";
import { onInit } from "./hooks/init";
import { onReady } from "./hooks/ready";
import { onPreCreateActor } from "./hooks/token-bar";
import { onTargetToken } from "./rulesets/fade/target-hook";
import { onRenderChatCard } from "./hooks/chat-cards";
import { onDeleteCombat } from "./rulesets/fade/chat/luck";
import { onTimeCountAdvance } from "./rulesets/hod/chat/stance";
import { registerQuenchBatches } from "./quench";

Hooks.once("init", onInit);
Hooks.once("i18nInit", onI18nInit);
Hooks.once("ready", onReady);
Hooks.on("chatMessage", onChatMessage as never);
Hooks.on("preCreateActor", onPreCreateActor as never);
Hooks.on("targetToken", onTargetToken as never);
Hooks.on("renderChatMessageHTML", onRenderChatCard as never);
Hooks.on("deleteCombat", onDeleteCombat as never);
Hooks.on("anthology.timeCountAdvance" as never, onTimeCountAdvance as never);
registerQuenchBatches();

export { api } from "./api";
