import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge.js';

contextBridge.exposeInMainWorld('dcbrief', createBridge(ipcRenderer));
