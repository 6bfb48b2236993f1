// ShiftySecurity
