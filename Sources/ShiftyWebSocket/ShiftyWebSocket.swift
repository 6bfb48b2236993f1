// ShiftyWebSocket
