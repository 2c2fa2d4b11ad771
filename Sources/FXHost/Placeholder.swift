public enum FXHostPlaceholder {}
