/** A device that signed its request with its own key (the device protocol). */
export interface AuthenticatedDevice {
  id: number;
  serialNumber: string;
}
