// When this phone's seat is gone (released by the host, or a new game opened),
// forget the token and go to the join page of whatever room is open now.
import { api, forgetToken, myState } from "./api.js";

// For follow(): after the stream was refused, connect again only if this phone
// still holds a seat; otherwise rejoin.
export async function stillSeated() {
  try {
    if ((await myState()) !== null) return true;
  } catch {
    return true; // the box is unreachable: keep trying
  }
  rejoin();
  return false;
}

export async function rejoin() {
  forgetToken();
  let room = null;
  try {
    room = (await api("/api/status", undefined, { token: null })).room;
  } catch {
    // The box is unreachable: the front page explains what to do.
  }
  location.replace(room ? `/j/${room}?rejoin=1` : "/?rejoin=1");
}
