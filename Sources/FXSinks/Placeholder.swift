public enum FXSinksPlaceholder {}
