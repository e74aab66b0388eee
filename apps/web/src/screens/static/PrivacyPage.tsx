const PrivacyPage = () => <h1>PrivacyPage (being built)</h1>

export default PrivacyPage
