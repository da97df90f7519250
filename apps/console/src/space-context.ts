import { createContext, useContext } from 'react';
import { adminIn, type StateAdmin } from './space-api';

/** The admin calls of the state the console shows: the root's unless a space is selected. */
export const StateAdminContext = createContext<StateAdmin>(adminIn(undefined));

/** The admin calls on the state the console shows (the selected space's, or the root's). */
export const useStateAdmin = (): StateAdmin => useContext(StateAdminContext);
