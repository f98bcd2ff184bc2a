/**
 * The names under which the flows that cards' buttons start are registered (src/play/flow-registry.ts):
 * a card kind names the flow its button starts, the plug-in's init registers it (chat/flow.ts).
 */
export const HOD_FLOWS = Object.freeze({
  rollDamage: "hod.rollDamage",
  consciousness: "hod.consciousness",
  fatigueCheck: "hod.fatigueCheck",
  followUp: "hod.followUp",
  freeGrab: "hod.freeGrab",
  dragBreak: "hod.dragBreak",
  shuntTrip: "hod.shuntTrip",
});
